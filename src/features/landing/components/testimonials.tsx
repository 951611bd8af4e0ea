import { ChevronLeft, ChevronRight, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export interface Testimonial {
  name: string;
  city: string;
  text: string;
}

function Card({ testimonial }: { testimonial: Testimonial }) {
  const { t } = useTranslation();
  return (
    <figure className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex text-amber-500" role="img" aria-label={t('landing.stars')}>
        {[0, 1, 2, 3, 4].map((n) => (
          <Star key={n} className="size-5 fill-current" aria-hidden="true" />
        ))}
      </div>
      <blockquote className="flex-1 text-slate-800">“{testimonial.text}”</blockquote>
      <figcaption className="text-sm">
        <span className="font-semibold">{testimonial.name}</span> · {testimonial.city}
      </figcaption>
    </figure>
  );
}

/** A looping, centred carousel on small screens; a grid of three on large ones. */
export function Testimonials({ items }: { items: Testimonial[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const current = items[index % items.length];
  const move = (step: number) => setIndex((i) => (i + step + items.length) % items.length);
  return (
    <>
      <div className="md:hidden" aria-roledescription="carrusel">
        <div className="mx-auto max-w-sm" aria-live="polite">
          {current ? <Card testimonial={current} /> : null}
        </div>
        <div className="mt-3 flex items-center justify-center gap-3">
          <Button variant="outline" size="icon" aria-label={t('landing.previous')} onClick={() => move(-1)}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <span className="text-sm text-slate-700">
            {index + 1} / {items.length}
          </span>
          <Button variant="outline" size="icon" aria-label={t('landing.next')} onClick={() => move(1)}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="hidden gap-4 md:grid md:grid-cols-3">
        {items.map((item) => (
          <Card key={item.name} testimonial={item} />
        ))}
      </div>
    </>
  );
}
