import { Outlet } from 'react-router-dom';
import { ScrollToTop } from './components/layout/scroll-to-top';
import { SiteFooter } from './components/layout/site-footer';
import { SiteHeader } from './components/layout/site-header';
import { useRouteLayout } from './components/layout/route-layout';
import { ToastProvider } from './components/toast/toast-provider';
import { CartCountdown } from './features/cart/cart-countdown';
import { CartProvider } from './features/cart/cart-provider';
import { useCartCount } from './features/cart/use-cart-count';
import { CookieBanner } from './features/cookies/cookie-banner';
import { SessionProvider } from './features/session/session-provider';
import { ReferralCapture } from './referral/referral-capture';

/** The frame around every page: menu, footer and cookie banner (002 §2.7). */
function ShellFrame() {
  const layout = useRouteLayout();
  const cartCount = useCartCount();
  const hasChrome = layout !== 'player';

  return (
    <div className={`app app--${layout}`}>
      <ScrollToTop />
      <ReferralCapture />
      {hasChrome && (
        <SiteHeader cartCount={cartCount}>
          <CartCountdown />
        </SiteHeader>
      )}
      <main className="app__main">
        <Outlet />
      </main>
      {layout === 'default' && <SiteFooter />}
      <CookieBanner />
    </div>
  );
}

/**
 * The app-wide state every page may use: passing messages (toasts), the session and
 * the cart.
 * Inside the router, so the login modal can link and follow navigation.
 */
export function AppShell() {
  return (
    <ToastProvider>
      <SessionProvider>
        <CartProvider>
          <ShellFrame />
        </CartProvider>
      </SessionProvider>
    </ToastProvider>
  );
}
