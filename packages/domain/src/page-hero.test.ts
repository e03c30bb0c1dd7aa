import { describe, expect, it } from 'vitest';
import {
  BANNER_IMAGE_SIZES,
  HERO_IMAGE_SIZES,
  pageHeroImage,
  PLAYER_STAGE_SIZES,
  playerStageImage,
  POSTER_IMAGE_SIZES,
} from './page-hero.ts';

const show = (template: string | null, fields: Record<string, string | null> = {}) => {
  const { main_image = '/main.jpg', ...settings } = fields;
  return {
    main_image,
    settings: { ...settings, ...(template ? { landing: { template } } : {}) },
  };
};

describe("a show page's first picture (decision 0074)", () => {
  it('is the show image beside the text on the generic page and on the hero templates', () => {
    for (const template of [null, 'show', 'channel', 'festival', 'telethon', 'album']) {
      expect(pageHeroImage(show(template)), String(template)).toEqual({
        src: '/main.jpg',
        sizes: HERO_IMAGE_SIZES,
        narrow: null,
      });
    }
    expect(pageHeroImage(show('festival', { main_image: null }))).toBeNull();
  });

  it("is a film's poster, its own before the show image", () => {
    expect(pageHeroImage(show('film', { poster_image: '/poster.jpg' }))).toEqual({
      src: '/poster.jpg',
      sizes: POSTER_IMAGE_SIZES,
      narrow: null,
    });
    expect(pageHeroImage(show('film', { poster_image: '  ' }))?.src).toBe('/main.jpg');
  });

  it("is an artist's banner, with its phone version under 900 px when it is another picture", () => {
    const both = show('artist', { channel_image: '/wide.jpg', channel_image_mobile: '/phone.jpg' });
    expect(pageHeroImage(both)).toEqual({
      src: '/wide.jpg',
      sizes: BANNER_IMAGE_SIZES,
      narrow: '/phone.jpg',
    });
    const same = show('artist', { channel_image: '/wide.jpg', channel_image_mobile: '/wide.jpg' });
    expect(pageHeroImage(same)?.narrow).toBeNull();
    const phoneOnly = show('artist', { channel_image_mobile: '/phone.jpg' });
    expect(pageHeroImage(phoneOnly)).toMatchObject({ src: '/phone.jpg', narrow: null });
    // An artist page draws no show image: no banner, no picture.
    expect(pageHeroImage(show('artist'))).toBeNull();
  });

  it("is a seminar's banner, falling back to the show image", () => {
    expect(pageHeroImage(show('seminar'))).toEqual({
      src: '/main.jpg',
      sizes: BANNER_IMAGE_SIZES,
      narrow: null,
    });
    const both = show('seminar', {
      channel_image: '/wide.jpg',
      channel_image_mobile: '/phone.jpg',
    });
    expect(pageHeroImage(both)).toMatchObject({ src: '/wide.jpg', narrow: '/phone.jpg' });
  });
});

describe("the player's stage picture (decision 0075)", () => {
  it('is the show image, whatever the template', () => {
    for (const template of [null, 'film', 'artist', 'seminar']) {
      expect(playerStageImage(show(template, { poster_image: '/poster.jpg' }))).toEqual({
        src: '/main.jpg',
        sizes: PLAYER_STAGE_SIZES,
        narrow: null,
      });
    }
  });

  it("is a film's poster when the show has no image, and none without either", () => {
    const film = show('film', { main_image: null, poster_image: '/poster.jpg' });
    expect(playerStageImage(film)?.src).toBe('/poster.jpg');
    expect(playerStageImage(show('film', { main_image: null, poster_image: '  ' }))).toBeNull();
    expect(playerStageImage(show(null, { main_image: null }))).toBeNull();
  });
});
