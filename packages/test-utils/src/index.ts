export {
  type OpenAITestServer,
  type RecordedRequest,
  type ScriptedResponse,
  type ScriptHandler,
  scriptedContents,
  startOpenAITestServer,
} from './openai-test-server';
