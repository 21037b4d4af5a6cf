import { expect } from 'chai';
import { storableText } from '../../core/services/sql/storable-text.ts';

describe('storableText: a third party text made storable in PostgreSQL', () => {
  it('replaces NUL and unpaired surrogates with U+FFFD and keeps pairs', () => {
    expect(storableText('a\u0000b', 10)).to.equal('a\uFFFDb');
    expect(storableText('x\uD800y\uDC00z', 10)).to.equal('x\uFFFDy\uFFFDz');
    expect(storableText('ok \u{1F600}', 10)).to.equal('ok \u{1F600}');
  });

  it('caps the length after the replacement and never cuts a pair in half', () => {
    expect(storableText('\u0000'.repeat(5000), 1024)).to.equal('\uFFFD'.repeat(1024));
    const cut = storableText(`abc\u{1F600}`, 4);
    expect(cut).to.equal('abc');
    expect(cut.isWellFormed()).to.equal(true);
  });
});
