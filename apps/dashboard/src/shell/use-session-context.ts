import { useOutletContext } from 'react-router';
import type { Session } from '../api/session';

/** The session of the signed-in layout, for the screens inside it. */
export const useSignedInSession = () => useOutletContext<Session>();
