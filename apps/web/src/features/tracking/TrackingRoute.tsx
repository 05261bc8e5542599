import { useParams } from 'react-router';
import { TrackingPage } from './TrackingPage';

/** The tracking page inside the app's router (the dev server; a link followed within the app). */
export function TrackingRoute() {
  const { token = '' } = useParams();
  return <TrackingPage token={token} />;
}
