/** Answers POST /business/{id}/views (a profile opened in the app) and keeps the ids of the profiles viewed. */
import { http, HttpResponse } from 'msw';
import { API, server } from './server';

export function profileViewsSent(): string[] {
  const viewed: string[] = [];
  server.use(
    http.post(`${API}/business/:id/views`, ({ params }) => {
      viewed.push(String(params.id));
      return HttpResponse.json({ counted: true });
    }),
  );
  return viewed;
}
