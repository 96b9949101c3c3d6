/** The one helper that names processed pictures, shared by the processor, the API and the web app. */
import { describe, expect, it } from 'vitest';
import {
  imageSources,
  imageStateKey,
  processedFolder,
  processedKey,
  stateAddressOf,
  uploadKeyOf,
} from '../../common/images';

describe('processed picture names', () => {
  it('derive from the upload key, and lead back to it', () => {
    const key = 'uploads/sub-1/0b5c.jpg';
    expect(processedKey(key, 640)).toBe('images/sub-1/0b5c.jpg/640.webp');
    expect(imageStateKey(key)).toBe('images/sub-1/0b5c.jpg/state.json');
    expect(uploadKeyOf(processedKey(key, 2048))).toBe(key);
    expect(uploadKeyOf(imageStateKey(key))).toBe(key);
  });

  it('exist only for upload keys', () => {
    for (const key of ['images/x/1.webp', 'uploads/', 'uploads/a/../b.png', 'other/a.png'])
      expect(processedFolder(key), key).toBeUndefined();
    expect(uploadKeyOf('uploads/sub-1/a.png')).toBeUndefined();
  });

  it('give a srcset of every width for any processed address, and leave other addresses alone', () => {
    const address = 'https://cdn.example/images/s/a.png/1280.webp';
    expect(imageSources(address)).toEqual({
      src: 'https://cdn.example/images/s/a.png/1280.webp',
      srcSet: ['320', '640', '1280', '2048']
        .map((w) => `https://cdn.example/images/s/a.png/${w}.webp ${w}w`)
        .join(', '),
    });
    expect(stateAddressOf(address)).toBe('https://cdn.example/images/s/a.png/state.json');
    expect(imageSources('data:image/svg+xml;utf8,x')).toEqual({ src: 'data:image/svg+xml;utf8,x' });
  });
});
