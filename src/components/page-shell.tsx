import type { ReactNode } from 'react';

/** Heading and width shared by the site's pages. */
export function PageShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 md:py-12">
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{title}</h1>
      {subtitle ? <p className="mt-2 text-lg text-slate-700">{subtitle}</p> : null}
      {children ? <div className="mt-6">{children}</div> : null}
    </section>
  );
}
