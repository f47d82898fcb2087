import { describe, expect, it } from 'vitest';
import { chunkSharingPrefixes } from './batch-tensors';

describe('chunkSharingPrefixes', () => {
  it('should put rows that share a prefix in the same micro-batch and keep every row once', () => {
    const rows = [
      { id: 'a1', tokenIds: [5, 6, 7, 1] },
      { id: 'b1', tokenIds: [9, 9, 2] },
      { id: 'a2', tokenIds: [5, 6, 7, 2, 3] },
      { id: 'b2', tokenIds: [9, 9, 4] },
      { id: 'a3', tokenIds: [5, 6, 7, 2] },
      { id: 'b3', tokenIds: [9, 9, 2] },
    ];
    const chunks = chunkSharingPrefixes(rows, 3, (row) => row.tokenIds);
    expect(chunks.map((micro) => micro.map((row) => row.id))).toEqual([
      ['a1', 'a3', 'a2'],
      ['b1', 'b3', 'b2'],
    ]);
  });

  it('should keep the input order of identical rows', () => {
    const rows = [
      { id: 1, tokenIds: [3, 3] },
      { id: 2, tokenIds: [3, 3] },
      { id: 3, tokenIds: [1] },
    ];
    expect(
      chunkSharingPrefixes(rows, 2, (row) => row.tokenIds)
        .flat()
        .map((row) => row.id),
    ).toEqual([3, 1, 2]);
  });
});
