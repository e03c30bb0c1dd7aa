import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { referralFromSearch, rememberReferral } from './referral-cookie';

/** Part of the shell: keeps `?referral=` of any page in the referral cookie (002 §3). */
export function ReferralCapture() {
  const { search } = useLocation();
  useEffect(() => {
    const referral = referralFromSearch(search);
    if (referral) rememberReferral(referral);
  }, [search]);
  return null;
}
