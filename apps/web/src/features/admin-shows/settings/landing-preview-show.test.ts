import { describe, expect, it } from 'vitest';
import { showSchema } from '@taquilla/contract';
import { editorShow } from '../admin-shows.test-kit';
import { valuesOf } from '../show-draft';
import type { ShowValues } from '../show-draft';
import { previewLanding, previewShow } from './landing-preview-show';

const saved = editorShow({
  video_url: 'https://cdn.example/secret.m3u8',
  path: 'noche-de-gala',
  settings: {
    currency: 'GTQ',
    max_ticket_quantity: 10,
    duration: 2,
    billboard_info_position: 'top',
    year: 2026,
  },
});

function draft(change: (values: ShowValues) => void): ShowValues {
  const values = valuesOf(saved);
  values.settings = { ...values.settings };
  change(values);
  return values;
}

describe('previewShow: the admin show and the draft as the public page gets them', () => {
  it('carries the draft’s texts and landing, in the public schema', () => {
    const show = previewShow(
      saved,
      draft((values) => {
        values.fields.fullname = 'Gala de Fin de Año';
        values.settings.landing = { template: 'artist', headline: 'Hola', socials: [] };
      }),
    );
    expect(showSchema.safeParse(show).success).toBe(true);
    expect(show._id).toBe(saved._id);
    expect(show.fullname).toBe('Gala de Fin de Año');
    expect(show.settings.landing).toEqual({ template: 'artist', headline: 'Hola' });
  });

  it('never carries a video source, and says whether something would play', () => {
    const values = draft((v) => {
      v.fields.video_url = null;
      v.settings.video_url_es = 'https://cdn.example/es.m3u8';
      v.settings.playlist = [
        { _id: 'video-a', title: 'Uno', status: 'ACTIVE', video_url: 'https://cdn.example/1' },
        { _id: 'video-b', title: 'Dos', status: 'SOON' },
      ];
    });
    const show = previewShow(saved, values);
    expect(show.video_url).toBeNull();
    expect(show.has_video).toBe(true);
    expect(show.settings).not.toHaveProperty('video_url_es');
    expect(show.settings.playlist).toEqual([
      { _id: 'video-a', title: 'Uno', status: 'ACTIVE', has_video: true },
      { _id: 'video-b', title: 'Dos', status: 'SOON', has_video: false },
    ]);
    expect(JSON.stringify(show)).not.toContain('cdn.example');

    const nothing = previewShow(
      saved,
      draft((v) => {
        v.fields.video_url = '  ';
      }),
    );
    expect(nothing.has_video).toBe(false);
  });

  it('says a password is asked without giving it', () => {
    const withPassword = previewShow(
      saved,
      draft((v) => {
        v.settings.security = 'clave-secreta';
      }),
    );
    expect(withPassword.settings.security).toBe(true);
    expect(JSON.stringify(withPassword)).not.toContain('clave-secreta');
    const blank = previewShow(
      saved,
      draft((v) => {
        v.settings.security = '';
      }),
    );
    expect(blank.settings).not.toHaveProperty('security');
  });

  it('keeps the saved value while a draft one is not valid yet', () => {
    const show = previewShow(
      saved,
      draft((v) => {
        v.fields.show_date = '';
        v.fields.path = 'Con Mayúsculas';
        v.settings.year = Number.NaN;
        v.settings.genre = 'Drama';
      }),
    );
    expect(show.show_date).toBe(saved.show_date);
    expect(show.path).toBe('noche-de-gala');
    expect(show.settings.year).toBe(2026);
    expect(show.settings.genre).toBe('Drama');
  });
});

describe('previewLanding: what the page would show of a landing being typed', () => {
  it('leaves out the rows not complete yet and the blank texts', () => {
    expect(
      previewLanding({
        template: 'seminar',
        headline: '',
        intro: 'Bienvenidos',
        promo_video: 'youtube.com/x',
        people: [{ name: '' }, { name: 'Ana Ruiz', role: 'Ponente', photo: '/storage/a.png' }],
        downloads: [
          { title: 'Guía', file: '/storage/guia.pdf' },
          { title: 'Sin archivo', file: '' },
        ],
        zip: { title: '', file: '' },
        featured: ['no-es-un-id'],
      }),
    ).toEqual({
      template: 'seminar',
      intro: 'Bienvenidos',
      people: [{ name: 'Ana Ruiz', role: 'Ponente', photo: '/storage/a.png' }],
      downloads: [{ title: 'Guía', file: '/storage/guia.pdf' }],
    });
  });

  it('reads an unknown template as the generic show landing, and no landing as none', () => {
    expect(previewLanding({ template: 'otra' })).toEqual({ template: 'show' });
    expect(previewLanding(undefined)).toBeUndefined();
  });
});
