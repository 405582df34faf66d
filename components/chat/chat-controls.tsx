/**
 * The chat panel's switches: the tabs between its channels (a channel switched off cannot be chosen), the switch of a
 * channel the reader may turn off (a player and the spectators' channel), and the people this reader muted here,
 * each a button that unmutes them.
 *
 * @example
 *   <ChatTabs title="Chat" channels={channels} shown="match:m1:players" mutedChannels={new Set()} onChoose={setActive} />
 */
import { useTranslations } from "next-intl";

export interface ChatChannelChoice {
  readonly name: string;
  readonly label: string;
  /** A channel the viewer may switch off (a player and the spectators' channel). */
  readonly mutable?: boolean;
}

export function ChatTabs({ title, channels, shown, mutedChannels, onChoose }: { title: string; channels: readonly ChatChannelChoice[]; shown: string; mutedChannels: ReadonlySet<string>; onChoose: (name: string) => void }) {
  return (
    <div className="chat-tabs" role="group" aria-label={title}>
      {channels.map((channel) => (
        <button key={channel.name} type="button" aria-pressed={channel.name === shown} disabled={mutedChannels.has(channel.name)} onClick={() => onChoose(channel.name)}>
          {channel.label}
        </button>
      ))}
    </div>
  );
}

export function ChatChannelMutes({ channels, mutedChannels, onToggle }: { channels: readonly ChatChannelChoice[]; mutedChannels: ReadonlySet<string>; onToggle: (name: string) => void }) {
  const t = useTranslations("chat");
  return channels
    .filter((channel) => channel.mutable)
    .map((channel) => (
      <p key={channel.name} className="chat-channel-mute">
        {mutedChannels.has(channel.name) ? <span className="muted">{t("spectatorsMuted")} </span> : null}
        <button type="button" className="link-button" onClick={() => onToggle(channel.name)}>
          {mutedChannels.has(channel.name) ? t("showSpectators") : t("muteSpectators")}
        </button>
      </p>
    ));
}

export function MutedPeople({ people, onUnmute }: { people: readonly { id: string; name: string }[]; onUnmute: (person: { id: string; name: string }) => void }) {
  const t = useTranslations("chat");
  return (
    <p className="chat-muted muted">
      {people.map((person) => (
        <button key={person.id} type="button" className="link-button" onClick={() => onUnmute(person)}>
          {t("unmute", { name: person.name })}
        </button>
      ))}
    </p>
  );
}
