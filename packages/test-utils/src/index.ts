export {
  type OpenAITestServer,
  type OpenAITestServerOptions,
  type RecordedRequest,
  type ScriptedResponse,
  type ScriptHandler,
  scriptedContents,
  startOpenAITestServer,
} from './openai-test-server';
