export {
  FAULT_KINDS,
  type FaultInjectingHandler,
  type FaultKind,
  type FaultOptions,
  faultResponse,
  type RandomFaultOptions,
  withRandomFaults,
} from './faults';
export {
  type OpenAITestServer,
  type OpenAITestServerOptions,
  type RecordedRequest,
  type ScriptedResponse,
  type ScriptHandler,
  scriptedContents,
  startOpenAITestServer,
} from './openai-test-server';
