import { ConsolePage } from '../../components/console/console-page';

// PLACEHOLDER (issue 11, this session): replaced by the page's helper before the stop.
export function DepositQueuePage() {
  return <ConsolePage title="DepositQueuePage">{null}</ConsolePage>;
}
