/** The API version: the health endpoint's `version` and the OpenAPI document's info.version. */
export const API_VERSION = '1.0.0';
