// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pictureOf, ResourceThumbnail } from '../../src/ui/admin/ResourceThumbnail';

afterEach(cleanup);

describe('admin lists: the resource’s thumbnail', () => {
  it('shows a monster’s token and a map’s image, small and decorative', () => {
    const { container } = render(
      <ul>
        <li>
          <ResourceThumbnail resource={{ name: 'Gobelin', assetLink: 'https://cdn.test/gobelin.png' }} />
        </li>
        <li>
          <ResourceThumbnail resource={{ name: 'Crypte', link: 'https://cdn.test/crypte.jpg' }} />
        </li>
      </ul>,
    );
    const pictures = [...container.querySelectorAll('img')];
    expect(pictures.map((picture) => picture.getAttribute('src'))).toEqual([
      'https://cdn.test/gobelin.png',
      'https://cdn.test/crypte.jpg',
    ]);
    expect(pictures.every((picture) => picture.getAttribute('alt') === '')).toBe(true);
  });

  it('shows nothing for a resource without a picture, or with a link that is not one', () => {
    expect(pictureOf({ name: 'Rune' })).toBeNull();
    expect(pictureOf({ assetLink: null })).toBeNull();
    expect(pictureOf({ link: 'javascript:alert(1)' })).toBeNull();
  });
});
