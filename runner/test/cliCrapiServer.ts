import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { json, type Received } from './cliHarness.js';

/**
 * A small stand-in for OWASP crAPI and its MailHog, enough for the corpus's crAPI collection: accounts and logins
 * (bearer tokens checked on the protected routes), mails with the OTP, the vehicle's VIN and PIN and the email
 * change token as crAPI words them, and the ids later requests take from earlier answers.
 */
export function crapiHandler(): (request: Received, response: ServerResponse) => void {
  const accounts = new Map<string, string>([
    ['jhon@example.com', 'Admin1@#'],
    ['admin@example.com', 'Admin!123'],
  ]);
  const tokens = new Set<string>();
  const mails: { to: string; data: string }[] = [];
  let ids = 100;
  let videoDeleted = false;
  const mail = (to: string, data: string) => mails.unshift({ to, data });

  return (req, res) => {
    const url = new URL(req.url, 'http://x');
    const route = `${req.method} ${url.pathname}`;
    const body = (() => {
      try {
        return JSON.parse(req.body || '{}') as Record<string, string>;
      } catch {
        return {};
      }
    })();
    const ok = (data: unknown = { message: 'ok' }) => json(res, 200, data);

    // MailHog's search, newest first.
    if (route === 'GET /api/v2/search') {
      const to = url.searchParams.get('query');
      return ok({ items: mails.filter((m) => m.to === to).map((m) => ({ Raw: { Data: m.data } })) });
    }
    if (route === 'GET /.well-known/jwks.json') return ok({ keys: [] });
    if (route === 'POST /identity/api/auth/signup') {
      accounts.set(body.email!, body.password!);
      return ok({ message: 'User registered successfully!' });
    }
    if (route === 'POST /identity/api/auth/login') {
      if (accounts.get(body.email!) !== body.password) return json(res, 401, { message: 'Invalid Credentials' });
      const token = randomUUID().replace(/-/g, '');
      tokens.add(token);
      return ok({ token, type: 'Bearer' });
    }
    if (route === 'POST /identity/api/auth/verify') return tokens.has(body.token!) ? ok() : json(res, 401, {});
    if (route === 'POST /identity/api/auth/forget-password') {
      mail(body.email!, 'Hi,\r\nThe generated otp is: 4821\r\nThanks');
      return ok({ message: `OTP Sent on the provided email, ${body.email}`, status: 200 });
    }
    if (route === 'POST /identity/api/auth/v3/check-otp') {
      return body.otp === '4821' ? ok({ message: 'OTP verified' }) : json(res, 500, { message: 'Invalid OTP' });
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return json(res, 401, { message: 'JWT token is missing or invalid' });

    switch (route) {
      case 'POST /identity/api/v2/vehicle/resend_email':
        mail(
          [...accounts.keys()].at(-1)!,
          'Your vehicle details are VIN: <font face=3D"calibri">7ECOX34KJTV359804</font> and Pincode: <font>9031</font>\r\nWe\'re here to help',
        );
        return ok({ message: 'Vehicle details sent' });
      case 'GET /identity/api/v2/vehicle/vehicles':
        return ok([{ uuid: '0a3f4c2e-1f00-4b7e-9d1a-8f6a8a5b0001', vin: '7ECOX34KJTV359804' }]);
      case 'POST /workshop/api/merchant/contact_mechanic':
        return ok({ response_from_mechanic_api: { id: ++ids, sent: true }, status: 200 });
      case 'GET /workshop/api/shop/products':
        return ok({ products: [{ id: 1, name: 'Seat', price: '10.00' }], credit: 100 });
      case 'POST /workshop/api/shop/products':
      case 'POST /workshop/api/shop/orders':
      case 'POST /community/api/v2/community/posts':
        return ok({ id: ++ids });
      case 'POST /identity/api/v2/user/videos':
        videoDeleted = false;
        return ok({ id: ++ids, video_name: 'abc.mp4' });
      case 'GET /identity/api/v2/user/videos/convert_video':
        return json(res, 403, { message: 'This is an admin function. S-hould be accessed only inte-Rnally' });
      case 'POST /identity/api/v2/user/verify-email-token': {
        if (body.token !== 'T9K2WQ' || !accounts.has(body.old_email!))
          return json(res, 400, { message: 'Invalid token' });
        accounts.set(body.new_email!, accounts.get(body.old_email!)!);
        accounts.delete(body.old_email!);
        return ok({ message: 'Email changed' });
      }
      case 'POST /identity/api/v2/user/change-email':
        mail(body.new_email!, 'Use this token: <font>T9K2WQ</font>\r\nto verify your new email');
        return ok({ message: 'The email change token has been sent' });
    }
    if (req.method === 'DELETE' && url.pathname.startsWith('/identity/api/v2/user/videos/')) {
      return json(res, 404, { message: 'This is an admin function. Try to access the admin API' });
    }
    if (req.method === 'DELETE' && url.pathname.startsWith('/identity/api/v2/admin/videos/')) {
      videoDeleted = true;
      return ok({ message: 'Video deleted successfully.' });
    }
    if (route.startsWith('GET /identity/api/v2/user/videos/') && videoDeleted) return json(res, 404, {});
    // Everything else the collection calls only has to answer 200 with the caller signed in.
    ok({ message: 'ok', path: url.pathname });
  };
}
