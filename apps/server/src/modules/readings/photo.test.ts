import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PHOTO_TYPE_MESSAGE } from '@kundenportal/contract';
import { checkPhoto, loadImageLibrary } from './photo';

const square = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a0' } });

describe('the decoders a photo may reach', () => {
  it('are PNG and JPEG only, once the image library is loaded for a photo', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    const webp = await square().webp().toBuffer();
    const gif = await square().gif().toBuffer();
    await loadImageLibrary();
    for (const other of [svg, webp, gif]) {
      await expect(sharp(other).metadata()).rejects.toThrow(/unsupported image format/);
      expect(await checkPhoto(other)).toEqual({ refusal: PHOTO_TYPE_MESSAGE });
    }
    expect((await sharp(await square().png().toBuffer()).metadata()).format).toBe('png');
    expect((await sharp(await square().jpeg().toBuffer()).metadata()).format).toBe('jpeg');
  });
});
