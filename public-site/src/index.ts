// Async boundary: shared singletons (react, react-dom, react-router) are negotiated before any app code runs.
void import('./bootstrap');
