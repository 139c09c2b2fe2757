// 44 px tall file button on phones (40 px with a fine pointer's screen), as the other controls.
/** The classes of a plain `<input type="file">`: its button drawn as the app's buttons. */
export const fileInputClass =
  "max-w-full text-sm text-gray-700 file:mr-3 file:min-h-11 file:rounded-control file:border file:border-gray-400 file:bg-white file:px-3 file:text-sm file:font-medium file:text-gray-900 hover:file:bg-gray-50 sm:file:min-h-10";
