import type { BreadcrumbLinkProps } from '@ppl/shared-ui';
import { Link } from 'react-router';

/** react-router's Link in the shape shared-ui's Breadcrumb expects. */
export function RouterLink({ to, className, children }: BreadcrumbLinkProps) {
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}
