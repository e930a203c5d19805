// The route's page (its own chunk); the catalogue's tabbed pages render the same view inside their tab bars.
export { ComingSoonPage } from './coming-soon-view';
