import { PageShell } from '@/components/page-shell';

// SPEC.md §2: the privacy policy is in English.
const SECTIONS: Array<[string, string]> = [
  ['Effective date', 'This policy is effective as of 12/09/2024.'],
  [
    'What we collect',
    'Your name, e-mail or phone number to run your account; the questions you ask and the answers, saved to your account so you can review them; and the letters you upload, which are read in memory to explain them and are not stored. We do not ask for your immigration status, and you do not need to give it.',
  ],
  [
    'Sensitive information',
    'Immigration and citizenship status is sensitive personal information. We ask for none that is not needed, keep what you choose to share only as long as needed, and never log the text of your questions or letters.',
  ],
  [
    'How long we keep it',
    'We keep your data for up to 2 years, after which it is deleted automatically. You can delete any saved conversation, or your whole account, at any time.',
  ],
  [
    'Sharing',
    'We do not sell your data and do not share it with third parties. Service providers that run the app for us (hosting, e-mail or SMS delivery, and the AI and speech services that answer your questions) process it only to provide the service.',
  ],
  [
    'Your California (CCPA) rights',
    'You have the right to know and access the personal information we hold about you, and the right to have it deleted. In the app: Settings → "Descargar mis datos" downloads a copy of your profile and saved conversations; Settings → "Eliminar mi cuenta" deletes your account and everything in it. We will not discriminate against you for using these rights.',
  ],
  ['Contact', 'Questions about this policy can be sent through the contact form on the site.'],
];

export function PrivacyPolicyPage() {
  return (
    <div lang="en">
      <PageShell title="Privacy Policy">
        <div className="flex flex-col gap-5">
          {SECTIONS.map(([title, text]) => (
            <section key={title}>
              <h2 className="text-lg font-semibold">{title}</h2>
              <p className="mt-1 text-slate-700">{text}</p>
            </section>
          ))}
        </div>
      </PageShell>
    </div>
  );
}
