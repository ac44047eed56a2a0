import { createBrowserRouter } from 'react-router';
import { routeTree } from './route-table.tsx';

export const router = createBrowserRouter(routeTree);
