// What a failure says across a worker or thread boundary, whatever was thrown.

import { describe, expect, it } from 'vitest';
import { errorText } from '../../src/core/errorText';

describe('errorText', () => {
  it('says an Error’s message, without its name or stack', () => {
    expect(errorText(new RangeError('items must be an integer'))).toBe('items must be an integer');
  });

  it('says anything else thrown as text', () => {
    expect(errorText('out of memory')).toBe('out of memory');
    expect(errorText(42)).toBe('42');
    expect(errorText(undefined)).toBe('undefined');
    expect(errorText(null)).toBe('null');
  });
});
