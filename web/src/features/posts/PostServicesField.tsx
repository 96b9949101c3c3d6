/**
 * The request's services on the add-post form: a chip per service, pressed when chosen; their place is held while
 * they load (the fields below do not move when they arrive), and a failure offers Retry.
 */
import { Controller, type Control } from 'react-hook-form';
import { LoadError } from '../../components/LoadError';
import { useT } from '../../i18n/useT';
import { useCategories } from '../../lib/categories';
import { FieldError } from '../../lib/forms';
import type { PostFields, PostForm } from './AddPostPage';

export function PostServicesField({
  control,
  error,
}: {
  control: Control<PostForm, unknown, PostFields>;
  error: string | undefined;
}) {
  const t = useT();
  const { categories, loading, error: failed, retry } = useCategories();
  return (
    <div className="field">
      <span className="field-label" id="post-categories-label">
        {t('posts.add.field.categories')}
      </span>
      <Controller
        control={control}
        name="category"
        render={({ field }) =>
          loading ? (
            // The chips' place while the services load: the fields below do not move when they arrive.
            <div className="skeleton chip-row-skeleton" role="status" aria-label={t('posts.add.categoriesLoading')} />
          ) : failed ? (
            <LoadError
              message={t('posts.add.categoriesFailed')}
              onRetry={() => void retry()}
              testId="post-categories-load-error"
            />
          ) : (
            <div
              className="chip-row"
              role="group"
              aria-labelledby="post-categories-label"
              style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
            >
              {categories.map((c) => {
                const on = field.value.includes(c._id);
                return (
                  <button
                    key={c._id}
                    type="button"
                    className="chip chip-toggle"
                    aria-pressed={on}
                    onClick={() =>
                      field.onChange(on ? field.value.filter((x) => x !== c._id) : [...field.value, c._id])
                    }
                  >
                    {c.name}
                  </button>
                );
              })}
            </div>
          )
        }
      />
      <FieldError id="post-category-error" message={error} testId="post-category-error" />
    </div>
  );
}
