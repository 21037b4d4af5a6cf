import { expect } from 'chai';
import { canonicalJson } from '../../core/domain/canonical-json.ts';

/** The double whose IEEE 754 bits are these 16 hex digits. */
function double(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

/** RFC 8785's published test vectors: section 3.2.2 (values), 3.2.3 (sorting) and Appendix B (numbers). */
describe('canonical JSON is RFC 8785 (JCS)', () => {
  it('serialises the primitives of section 3.2.2, whitespace removed', () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],' +
        ' "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    );
    expect(canonicalJson(input)).to.equal(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts keys by UTF-16 code units, a non-BMP character by its surrogates (section 3.2.3)', () => {
    const input = JSON.parse(
      '{"\\u20ac": "Euro Sign", "\\r": "Carriage Return", "\\ufb33": "Hebrew Letter Dalet With Dagesh",' +
        ' "1": "One", "\\ud83d\\ude00": "Emoji: Grinning Face", "\\u0080": "Control",' +
        ' "\\u00f6": "Latin Small Letter O With Diaeresis"}',
    );
    expect(canonicalJson(input)).to.equal(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","ö":"Latin Small Letter O With Diaeresis",' +
        '"€":"Euro Sign","😀":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it('writes the numbers of Appendix B as ECMAScript does (shortest round trip, exponent from 1e21 and below 1e-6)', () => {
    const vectors: Array<[string, string]> = [
      ['0000000000000000', '0'],
      ['8000000000000000', '0'],
      ['0000000000000001', '5e-324'],
      ['8000000000000001', '-5e-324'],
      ['7fefffffffffffff', '1.7976931348623157e+308'],
      ['ffefffffffffffff', '-1.7976931348623157e+308'],
      ['4340000000000000', '9007199254740992'],
      ['c340000000000000', '-9007199254740992'],
      ['4430000000000000', '295147905179352830000'],
      ['44b52d02c7e14af5', '9.999999999999997e+22'],
      ['44b52d02c7e14af6', '1e+23'],
      ['44b52d02c7e14af7', '1.0000000000000001e+23'],
      ['444b1ae4d6e2ef4e', '999999999999999700000'],
      ['444b1ae4d6e2ef4f', '999999999999999900000'],
      ['444b1ae4d6e2ef50', '1e+21'],
      ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
      ['3eb0c6f7a0b5ed8d', '0.000001'],
      ['41b3de4355555553', '333333333.3333332'],
      ['41b3de4355555554', '333333333.33333325'],
      ['41b3de4355555555', '333333333.3333333'],
      ['41b3de4355555556', '333333333.3333334'],
      ['41b3de4355555557', '333333333.33333343'],
      ['becbf647612f3696', '-0.0000033333333333333333'],
      ['43143ff3c1cb0959', '1424953923781206.2'],
    ];
    for (const [bits, text] of vectors) expect(canonicalJson(double(bits)), bits).to.equal(text);
    expect(canonicalJson([1e21, 1e-7, -0, 1e-6])).to.equal('[1e+21,1e-7,0,0.000001]');
  });

  it('escapes only what JSON requires, control characters as lowercase \\u00xx, and keeps other characters as they are', () => {
    expect(canonicalJson('\b\t\n\f\r\u0000\u001f"\\/\u007f\u2028é😀')).to.equal(
      '"\\b\\t\\n\\f\\r\\u0000\\u001f\\"\\\\/\u007f\u2028é😀"',
    );
  });

  it('orders integer-like keys as strings, drops undefined members, and nests', () => {
    expect(canonicalJson({ b: [{ z: 1, a: undefined }, undefined], 10: 'ten', 9: 'nine', a: {} })).to.equal(
      '{"10":"ten","9":"nine","a":{},"b":[{"z":1},null]}',
    );
  });
});
