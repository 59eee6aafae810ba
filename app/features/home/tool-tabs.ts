/**
 * The home page's tool tabs, as the address names them (`/?tab=`). Apart from the page, so the
 * route's search check does not pull the tools into the first script every page loads.
 */
export const TOOL_TABS = ['singleImage', 'bannerAdjuster', 'profileAdjuster'] as const;
export type ToolTab = (typeof TOOL_TABS)[number];
