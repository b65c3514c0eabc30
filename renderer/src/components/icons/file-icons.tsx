import type { FileCategory } from '@shrinkly/contract';
import { type IconProps, OutlineIcon } from './outline-icon';

export const FolderIcon = (props: IconProps) => (
  <OutlineIcon {...props} d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
);
export const FolderPlusIcon = (props: IconProps) => (
  <OutlineIcon {...props} d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM12 10v6M9 13h6" />
);
export const ClockIcon = (props: IconProps) => <OutlineIcon {...props} d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2" />;

const PAGE = 'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5';
const CATEGORY_PATHS: Record<FileCategory, string> = {
  document: `${PAGE}M9 13h6M9 17h6`,
  image: 'M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM4 16l5-5 4 4 2-2 5 5M15.5 8.5h.01',
  video: 'M4 6h11a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1zM16 10l5-3v10l-5-3',
  audio: 'M9 18V5l11-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM20 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
  other: PAGE,
};

/** The icon of a file's category. */
export function CategoryIcon({ category, size }: IconProps & { category: FileCategory }) {
  return <OutlineIcon size={size} d={CATEGORY_PATHS[category]} />;
}

/** The colour that goes with each category's icon. */
export const CATEGORY_COLORS: Record<FileCategory, string> = {
  document: 'blue',
  image: 'grape',
  video: 'red',
  audio: 'teal',
  other: 'gray',
};
