import type { KeyValueStorage, SharedStorage } from './platform';

/** A Web Storage area behind the KeyValueStorage rules: reading or writing never throws. */
function webStorage(area: () => Storage): KeyValueStorage {
  return {
    get(key) {
      try {
        return area().getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        if (value === null) area().removeItem(key);
        else area().setItem(key, value);
      } catch {
        // Storage unavailable: the value lasts only as long as the page.
      }
    },
  };
}

export const webLocalStorage: SharedStorage = {
  ...webStorage(() => window.localStorage),
  subscribe(key, listener) {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea === window.localStorage && event.key === key) listener(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
};

export const webSessionStorage: KeyValueStorage = webStorage(() => window.sessionStorage);
