import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithApp } from '../../test/render.tsx';
import { MetadataText } from './metadata-text.tsx';

describe('MetadataText', () => {
  it('shows an upgrade plan’s binaries as one link per platform, not as raw JSON', () => {
    const info = JSON.stringify({
      binaries: {
        'linux/amd64': 'https://example.org/simd-linux-amd64?checksum=sha256:abc',
        'darwin/arm64': 'https://example.org/simd-darwin-arm64',
      },
      height: 12,
    });
    renderWithApp(<MetadataText value={info} />);
    expect(
      screen.getByRole('link', { name: 'https://example.org/simd-linux-amd64?checksum=sha256:abc' }),
    ).toHaveAttribute('href', 'https://example.org/simd-linux-amd64?checksum=sha256:abc');
    expect(screen.getByRole('link', { name: 'https://example.org/simd-darwin-arm64' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(
      'linux/amd64: https://example.org/simd-linux-amd64?checksum=sha256:abc',
    );
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('{"linux/amd64"');
  });

  it('keeps a nested structure it cannot lay out as fields as text', () => {
    renderWithApp(<MetadataText value={JSON.stringify({ deep: { a: { b: 1 } } })} />);
    expect(screen.getByText('{"a":{"b":1}}')).toBeInTheDocument();
  });
});
