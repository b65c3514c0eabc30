import { type IconProps, OutlineIcon } from '../../../components/icons/outline-icon';

/** An exclamation mark in a circle: a failure. */
export const AlertIcon = (props: IconProps) => (
  <OutlineIcon {...props} d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 8v5M12 16h.01" />
);
/** Two arrows in a loop: conversion, on the Multiple Formats card. */
export const ConvertIcon = (props: IconProps) => <OutlineIcon {...props} d="M4 9h13l-3-3M20 15H7l3 3" />;
/** A gift: the 100% Free card. */
export const FreeIcon = (props: IconProps) => (
  <OutlineIcon {...props} d="M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-1.5-3-5-3-5-1s3 1 5 1zM12 7c1.5-3 5-3 5-1s-3 1-5 1z" />
);
/** A shield: the Fast & Secure card. */
export const ShieldIcon = (props: IconProps) => (
  <OutlineIcon {...props} d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6zM9 12l2 2 4-4" />
);
