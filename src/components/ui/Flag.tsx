import { showsFlag } from '../../shared/flags.ts';

/** A country's flag (served by /flags/<code>.svg); decorative: the country's name stands beside it. */
export function Flag({ code, className = 'flag', lazy = false }: { code: string; className?: string; lazy?: boolean }) {
  // A region shown by name only keeps the flag's room, so names in a list stay aligned.
  if (!showsFlag(code)) return <span className={`${className} flag--none`} aria-hidden="true" />;
  return (
    <img
      className={className}
      src={`/flags/${code.toUpperCase()}.svg`}
      width={18}
      height={12}
      alt=""
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
    />
  );
}
