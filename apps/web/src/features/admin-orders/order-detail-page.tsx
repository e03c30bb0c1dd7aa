import { ConsolePage } from '../../components/console/console-page';

// PLACEHOLDER (issue 11, this session): replaced by the page's helper before the stop.
export function OrderDetailPage() {
  return <ConsolePage title="OrderDetailPage">{null}</ConsolePage>;
}
