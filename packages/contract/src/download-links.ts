/** The link a page gives for one of its files: counted, then sent to the file. */
export function downloadRedeemPath(file: string): string {
  return `/etickets/downloads/redeem?filename=${encodeURIComponent(file)}`;
}
