import { config } from 'zod';

// The CSP forbids eval; without this zod probes `new Function` on its first object parse and the
// browser reports a violation. Loaded with the questionnaire pages, whose domain rules use zod.
config({ jitless: true });
