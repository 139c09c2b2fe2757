import { chatTextParts } from "@/lib/domain/chat-view";

/** A message body as text, its links clickable (opened in a new tab, never followed by bots). */
export function MessageText({ body }: { body: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {chatTextParts(body).map((part, i) =>
        part.href ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
