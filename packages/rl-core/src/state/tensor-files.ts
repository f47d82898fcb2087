import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidInputError, safeParseJSON } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { z } from 'zod';

/** A named float array: the serialisable form of one state tensor. */
export interface NamedArray {
  name: string;
  shape: number[];
  values: Float32Array;
}

const manifestSchema = z
  .object({
    schemaVersion: z.literal(1),
    tensors: z.array(
      z.object({
        name: z.string(),
        shape: z.array(z.number().int().nonnegative()),
        offset: z.number().int().nonnegative(),
        length: z.number().int().nonnegative(),
      }),
    ),
  })
  .strict();

/** Write float32 arrays as `<baseName>.json` (manifest) + `<baseName>.bin` (little-endian float32). */
export async function writeTensorFile(
  directory: string,
  baseName: string,
  arrays: readonly NamedArray[],
): Promise<void> {
  let offset = 0;
  const tensors = arrays.map((array) => {
    const entry = { name: array.name, shape: array.shape, offset, length: array.values.length };
    offset += array.values.length;
    return entry;
  });
  const data = new Float32Array(offset);
  arrays.forEach((array, index) => {
    data.set(array.values, tensors[index]?.offset ?? 0);
  });
  await writeFile(join(directory, `${baseName}.bin`), Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  await writeFile(join(directory, `${baseName}.json`), `${JSON.stringify({ schemaVersion: 1, tensors }, null, 2)}\n`);
}

/** Read what `writeTensorFile` wrote; a malformed file throws `InvalidInputError` naming it. */
export async function readTensorFile(directory: string, baseName: string): Promise<NamedArray[]> {
  const manifestPath = join(directory, `${baseName}.json`);
  const parsed = safeParseJSON(await readFile(manifestPath, 'utf8'), manifestSchema);
  if (!parsed.success) {
    throw new InvalidInputError({ file: manifestPath, field: parsed.field, message: parsed.error.message });
  }
  const binaryPath = join(directory, `${baseName}.bin`);
  const bytes = await readFile(binaryPath);
  const data = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  return parsed.value.tensors.map((entry) => {
    if (entry.offset + entry.length > data.length) {
      throw new InvalidInputError({
        file: binaryPath,
        field: entry.name,
        message: 'file is shorter than the manifest says',
      });
    }
    return { name: entry.name, shape: entry.shape, values: data.slice(entry.offset, entry.offset + entry.length) };
  });
}

/** Float32 copies of variables, named by position (`<prefix>/<index>`), for `writeTensorFile`. */
export async function readVariableArrays(
  prefix: string,
  variables: ReadonlyArray<{ shape: readonly number[]; data(): Promise<unknown> }>,
): Promise<NamedArray[]> {
  const arrays: NamedArray[] = [];
  for (const [index, variable] of variables.entries()) {
    arrays.push({
      name: `${prefix}/${index}`,
      shape: [...variable.shape],
      values: Float32Array.from((await variable.data()) as ArrayLike<number>),
    });
  }
  return arrays;
}

/** Assign arrays named `<prefix>/<index>` back to variables; a missing or misshaped entry throws `InvalidInputError`. */
export function assignVariableArrays(
  prefix: string,
  variables: readonly tf.Variable[],
  arrays: readonly NamedArray[],
  file: string,
): void {
  const byName = new Map(arrays.map((array) => [array.name, array]));
  variables.forEach((variable, index) => {
    const saved = byName.get(`${prefix}/${index}`);
    if (!saved || saved.shape.join('x') !== variable.shape.join('x')) {
      throw new InvalidInputError({
        file,
        field: `${prefix}/${index}`,
        message: `saved shape [${saved?.shape ?? 'missing'}] does not match variable "${variable.name}" [${variable.shape}]; load a state saved for the same model`,
      });
    }
    tf.tidy(() => variable.assign(tf.tensor(saved.values, saved.shape, 'float32')));
  });
}
