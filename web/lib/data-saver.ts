// The Data saver setting (decision 026): cards load no images until tapped. Remembered on the device;
// until the user chooses, on when the browser says data is precious (Save-Data, or a 2G/3G link).
// Free of React: the page's boot script (web/boot.ts) asks it too. The hook is in use-data-saver.ts.

const KEY = 'dataSaver';
const CHANGED = 'marketplace:data-saver';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

function browserSavesData() {
  const connection = (navigator as { connection?: NetworkInformation }).connection;
  return connection?.saveData === true || /^(slow-2g|2g|3g)$/.test(connection?.effectiveType ?? '');
}

export function isDataSaverOn(): boolean {
  try {
    const stored = localStorage.getItem(KEY);
    return stored === null ? browserSavesData() : stored === 'on';
  } catch {
    return browserSavesData();
  }
}

export function setDataSaver(on: boolean) {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Not remembered (storage refused); the event below still switches this page.
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** Calls `onChange` whenever the setting may have changed, on this page or in another tab. */
export function subscribeToDataSaver(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  // Another tab switched it.
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}
