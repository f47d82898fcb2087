export { ChatTemplatePrefixError } from './chat-template-prefix-error';
export { MissingTokenRecordError } from './missing-token-record-error';
export { NonFiniteUpdateError } from './non-finite-update-error';
