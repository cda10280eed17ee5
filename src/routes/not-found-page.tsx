import { InvalidInput } from '../components/states/invalid-input.tsx';

export function Component() {
  return <InvalidInput title="No page here" reason="This address does not match any Polity page." />;
}
