import { expect } from 'chai';
import { parseEnvelope as parseA2a } from '../../adapters/a2a/envelope.ts';
import { parseEnvelope as parseMcp } from '../../adapters/mcp/envelope.ts';

/** The refusal's JSON-RPC body and HTTP status, or what was accepted. */
function outcome(parsed: ReturnType<typeof parseA2a> | ReturnType<typeof parseMcp>): unknown {
  if (!('reply' in parsed)) return 'message' in parsed ? parsed.message : parsed.request;
  const body = typeof parsed.reply.body === 'string' ? JSON.parse(parsed.reply.body) : parsed.reply.body;
  return { status: parsed.reply.status, id: body.id, code: body.error.code, message: body.error.message };
}

// One parser (adapters/json-rpc/envelope.ts) serves both protocols; these are the places their dialects differ.
describe('JSON-RPC envelope: one parser, the MCP and A2A dialects', () => {
  it('a notification is accepted by MCP, and refused by A2A before its params are read', () => {
    const text = '{"jsonrpc":"2.0","method":"x","params":5}';
    expect(outcome(parseMcp(text))).to.deep.equal({
      status: 400,
      id: null,
      code: -32600,
      message: '"params" must be an object when present.',
    });
    expect(outcome(parseMcp('{"jsonrpc":"2.0","method":"notifications/initialized"}'))).to.deep.equal({
      kind: 'accepted',
    });
    expect(outcome(parseA2a(text))).to.deep.equal({
      status: 400,
      id: null,
      code: -32600,
      message: 'The request has no "id": notifications are not supported; every A2A method answers.',
    });
  });

  it('a response is accepted by MCP and refused by A2A as a request without a method', () => {
    const text = '{"jsonrpc":"2.0","id":1,"result":{}}';
    expect(outcome(parseMcp(text))).to.deep.equal({ kind: 'accepted' });
    expect(outcome(parseA2a(text))).to.deep.equal({
      status: 400,
      id: 1,
      code: -32600,
      message: '"method" must be a non-empty string.',
    });
  });

  it('a null id is a request id for A2A only; a fractional id for MCP only', () => {
    expect(outcome(parseA2a('{"jsonrpc":"2.0","method":"x","id":null}'))).to.deep.equal({
      id: null,
      method: 'x',
      params: {},
    });
    expect(outcome(parseMcp('{"jsonrpc":"2.0","method":"x","id":null}'))).to.deep.equal({
      status: 400,
      id: null,
      code: -32600,
      message: '"id" must be a string or a number.',
    });
    expect(outcome(parseMcp('{"jsonrpc":"2.0","method":"x","id":1.5}'))).to.deep.equal({
      kind: 'request',
      id: 1.5,
      method: 'x',
      params: {},
    });
    expect(outcome(parseA2a('{"jsonrpc":"2.0","method":"x","id":1.5}'))).to.deep.equal({
      status: 400,
      id: null,
      code: -32600,
      message: '"id" must be a string, an integer or null.',
    });
  });

  it('A2A checks the id before the params; MCP the params before the id', () => {
    const text = '{"jsonrpc":"2.0","method":"x","params":5,"id":{}}';
    expect(outcome(parseA2a(text))).to.deep.include({ message: '"id" must be a string, an integer or null.' });
    expect(outcome(parseMcp(text))).to.deep.include({ message: '"params" must be an object when present.' });
  });

  it('JSON that does not parse is -32700 in both, each in its own error shape', () => {
    const mcp = parseMcp('nope');
    const a2a = parseA2a('nope');
    expect(outcome(mcp)).to.include({ status: 400, code: -32700, id: null });
    expect(outcome(a2a)).to.include({ status: 400, code: -32700, id: null });
    // A2A's exchange errors are an ErrorMessage and a JSON-RPC error in one body; MCP's carry it as `data`.
    expect(JSON.parse((a2a as { reply: { body: string } }).reply.body)).to.include({ code: 'MALFORMED_JSON' });
    expect((mcp as { reply: { body: { error: { data: unknown } } } }).reply.body.error.data).to.include({
      code: 'MALFORMED_JSON',
    });
  });
});
