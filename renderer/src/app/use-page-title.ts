import { useDocumentTitle } from '@mantine/hooks';
import { PRODUCT_NAME } from '@shrinkly/contract';

/** Sets the browser tab title to "{title} | Shrinkly", or the product name alone. */
export function usePageTitle(title?: string): void {
  useDocumentTitle(title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME);
}
