// Stylesheets are bundled by webpack's css-loader; Jest maps them to a stub.
declare module '*.css';
