/** The product version shown in the app and the API description. */
export const PRODUCT_VERSION = '0.1.0';
