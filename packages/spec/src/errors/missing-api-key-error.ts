import { RlverError } from './rlver-error';

/** No API key for an OpenAI-compatible endpoint. Names the environment variable to set. */
export class MissingAPIKeyError extends RlverError {
  readonly variableName: string;

  constructor(options: { variableName?: string; message?: string } = {}) {
    const variableName = options.variableName ?? 'OPENAI_API_KEY';
    super({
      name: 'RLVER_MissingAPIKeyError',
      message:
        options.message ??
        `No API key: set the environment variable ${variableName} (or pass apiKey in the config). Local servers such as vLLM or Ollama accept any non-empty value, e.g. ${variableName}=local.`,
    });
    this.variableName = variableName;
  }
}
