import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CONTACT_SUBJECTS, contactMessageSchema, type ContactMessageInput } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { sendContactMessage } from './queries';

type Draft = { name: string; email: string; subject: string; message: string };
type FieldErrors = Partial<Record<keyof Draft, string>>;

const EMPTY: Draft = { name: '', email: '', subject: '', message: '' };

const SUBJECT_LABELS: Record<(typeof CONTACT_SUBJECTS)[number], string> = {
  general: 'General inquiry',
  support: 'Technical support',
  billing: 'Billing question',
  feedback: 'Feedback',
  partnership: 'Partnership',
  other: 'Other',
};

/** The rules of the shared schema, as one message per field. */
export function validateContact(draft: Draft): { data?: ContactMessageInput; errors: FieldErrors } {
  const result = contactMessageSchema.safeParse(draft);
  if (result.success) return { data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof Draft | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { errors };
}

export function ContactForm() {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The confirmation stays on the page (the toast goes after 5 s); a new draft clears it.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: (_response, input) => {
      toast({ title: 'Message sent', description: "Thank you for contacting us. We'll get back to you soon." });
      setSentTo(input.email);
      setDraft(EMPTY);
      setErrors({});
    },
    onError: (error) => {
      toast({
        title: 'Message not sent',
        description: errorMessage(error, 'Please try again in a moment.'),
        variant: 'destructive',
      });
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { data, errors: found } = validateContact(draft);
    setErrors(found);
    if (data) send.mutate(data);
  }

  const update = (key: keyof Draft) => (event: { target: { value: string } }) => {
    setSentTo(null);
    setDraft((d) => ({ ...d, [key]: event.target.value }));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Contact form">
      {sentTo ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          Thank you: your message was sent. We will answer at {sentTo}.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name}>
          {(props) => (
            <input {...props} className={inputClass} autoComplete="name" value={draft.name} onChange={update('name')} />
          )}
        </Field>
        <Field label="Email" error={errors.email}>
          {(props) => (
            <input
              {...props}
              type="email"
              className={inputClass}
              autoComplete="email"
              value={draft.email}
              onChange={update('email')}
            />
          )}
        </Field>
      </div>
      <Field label="Subject" error={errors.subject}>
        {(props) => (
          <select {...props} className={inputClass} value={draft.subject} onChange={update('subject')}>
            <option value="">Select a subject</option>
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {SUBJECT_LABELS[subject]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Message" error={errors.message}>
        {(props) => (
          <textarea {...props} rows={6} className={inputClass} value={draft.message} onChange={update('message')} />
        )}
      </Field>
      <div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
