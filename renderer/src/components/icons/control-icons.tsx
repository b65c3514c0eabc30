import { type IconProps, OutlineIcon } from './outline-icon';

export const UploadIcon = (props: IconProps) => <OutlineIcon {...props} d="M12 16V4m0 0l-5 5m5-5l5 5M5 20h14" />;
export const ChevronDownIcon = (props: IconProps) => <OutlineIcon {...props} d="M6 9l6 6 6-6" />;
export const ArrowLeftIcon = (props: IconProps) => <OutlineIcon {...props} d="M19 12H5m0 0l6-6m-6 6l6 6" />;
export const GridIcon = (props: IconProps) => <OutlineIcon {...props} d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z" />;
export const ListIcon = (props: IconProps) => <OutlineIcon {...props} d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />;
export const DotsIcon = (props: IconProps) => <OutlineIcon {...props} d="M12 5h.01M12 12h.01M12 19h.01" />;
export const SearchIcon = (props: IconProps) => <OutlineIcon {...props} d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4" />;
export const CloseIcon = (props: IconProps) => <OutlineIcon {...props} d="M6 6l12 12M18 6L6 18" />;
export const LockIcon = (props: IconProps) => (
  <OutlineIcon {...props} d="M6 11h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1zM8 11V7a4 4 0 0 1 8 0v4" />
);
