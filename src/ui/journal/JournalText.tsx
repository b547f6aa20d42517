import { Fragment } from 'react';
import { blocksOf, type Span } from '../../domain/journal/format';

function Spans({ spans }: { spans: Span[] }) {
  return spans.map((span, at) =>
    span.bold ? (
      <strong key={at}>{span.text}</strong>
    ) : span.italic ? (
      <em key={at}>{span.text}</em>
    ) : (
      <Fragment key={at}>{span.text}</Fragment>
    ),
  );
}

/** A page's text read with its light formatting, as React elements only: nothing typed becomes markup. */
export function JournalText({ text }: { text: string }) {
  return (
    <div className="journal-text">
      {blocksOf(text).map((block, at) => {
        switch (block.kind) {
          case 'heading': {
            const Heading = (['h4', 'h5', 'h6'] as const)[block.level - 1]!;
            return (
              <Heading key={at}>
                <Spans spans={block.spans} />
              </Heading>
            );
          }
          case 'list':
            return (
              <ul key={at}>
                {block.items.map((item, index) => (
                  <li key={index}>
                    <Spans spans={item} />
                  </li>
                ))}
              </ul>
            );
          case 'marker':
            return (
              <p key={at} className="journal-text__marker">
                {block.text}
              </p>
            );
          default:
            return (
              <p key={at}>
                {block.lines.map((line, index) => (
                  <Fragment key={index}>
                    {index > 0 && <br />}
                    <Spans spans={line} />
                  </Fragment>
                ))}
              </p>
            );
        }
      })}
    </div>
  );
}
