import { EventHero } from './event-parts/event-hero';
import { DownloadLink, DownloadList } from './event-parts/download-list';
import { festivalTexts as t } from './festival-pages.texts';
import { LandingDocumentTitle, LandingEmpty, LandingSection } from './landing-parts';
import type { LandingTemplateProps } from './template-types';
import './festival-pages.css';

/**
 * Free album download (002 §2.8, §9): the tracks, each with its download, and the whole
 * album as a zip; every link goes through the counted redeem (002 §7).
 */
export function AlbumTemplate({ show, preview }: LandingTemplateProps) {
  const { downloads = [], zip } = show.settings.landing ?? {};

  return (
    <article className="page landing album-page">
      <LandingDocumentTitle show={show} preview={preview} />
      <EventHero show={show} preview={preview}>
        {zip && (
          <div className="landing-actions">
            <DownloadLink
              file={zip.file}
              label={`${t.album.downloadAll}: ${zip.title}`}
              preview={preview}
              className="button button--primary button--large"
            >
              {t.album.downloadAll}
            </DownloadLink>
          </div>
        )}
      </EventHero>
      <LandingSection title={t.album.tracksTitle}>
        {downloads.length > 0 ? (
          <DownloadList
            items={downloads}
            action={t.album.download}
            preview={preview}
            className="album-tracks"
          />
        ) : (
          <LandingEmpty>{t.album.empty}</LandingEmpty>
        )}
      </LandingSection>
    </article>
  );
}
