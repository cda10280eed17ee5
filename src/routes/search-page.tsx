import { Text } from '@mantine/core';
import { useSearchParams } from 'react-router';

import { PageTitle } from '../components/page/page-title.tsx';
import { SearchResults } from '../features/search/search-results.tsx';

/** `/search?q=…`: a search's results at a URL of their own, to share or come back to. */
export function Component() {
  const [params] = useSearchParams();
  const text = (params.get('q') ?? '').trim();
  return (
    <>
      <PageTitle
        kicker="Search"
        title={text ? `Results for “${text}”` : 'Search'}
        docTitle={text ? `Search: ${text}` : 'Search'}
      />
      {text ? (
        <SearchResults key={text} text={text} />
      ) : (
        <Text fz="sm" c="dimmed">
          Type in the search field at the top of any page (press / to get there): p12 for a proposal, g12 for a group,
          #12 for either, an address or its beginning, or words of a name or title.
        </Text>
      )}
    </>
  );
}
