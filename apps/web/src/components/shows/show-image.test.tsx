import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShowImage } from './show-image';

function renderImage(src: string | null) {
  return render(
    <ShowImage
      src={src}
      imageClassName="card__image"
      placeholderClassName="card__placeholder"
      iconSize={40}
    />,
  );
}

describe('show image', () => {
  it('shows the placeholder artwork when the picture fails to load, never a broken image', () => {
    const { container } = renderImage('/images/demo/missing.svg');
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/images/demo/missing.svg');

    fireEvent.error(image!);

    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.card__placeholder svg')).not.toBeNull();
  });

  it('tries a new address again after an old one failed', () => {
    const { container, rerender } = renderImage('/images/demo/missing.svg');
    fireEvent.error(container.querySelector('img')!);

    rerender(
      <ShowImage
        src="/images/demo/other.svg"
        imageClassName="card__image"
        placeholderClassName="card__placeholder"
        iconSize={40}
      />,
    );

    expect(container.querySelector('img')?.getAttribute('src')).toBe('/images/demo/other.svg');
  });
});
